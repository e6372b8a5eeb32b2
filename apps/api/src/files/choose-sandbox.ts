import { converterService } from './converter-service.js'
import { bubblewrapSandbox, findOnPath, probeBubblewrap } from './sandbox.js'
import type { Sandbox } from './sandbox.js'

export interface SandboxSettings {
  /** LibreOffice: undefined looks it up on `searchPath`; null: previews off. */
  soffice: string | null | undefined
  searchPath: string
  /** The converter service's socket, which converts instead of this node when set. */
  converterSocket: string | undefined
}

/**
 * Where this api node's conversions run (docs/files.md, "The sandbox"): the converter service
 * when one is configured, else LibreOffice in a bubblewrap sandbox when this machine can make
 * one; otherwise previews are off, with the reason, and never run without a sandbox.
 */
export const chooseSandbox = async (
  settings: SandboxSettings,
): Promise<Sandbox | { off: string }> => {
  if (settings.soffice === null) return { off: 'SOFFICE_PATH is off' }
  if (settings.converterSocket !== undefined) return converterService(settings.converterSocket)
  const soffice = settings.soffice ?? (await findOnPath('soffice', settings.searchPath))
  if (soffice === undefined) return { off: 'LibreOffice (soffice) is not installed' }
  const bwrap = await findOnPath('bwrap', settings.searchPath)
  if (bwrap === undefined)
    return { off: 'bubblewrap (bwrap), which keeps LibreOffice in a sandbox, is not installed' }
  const unusable = await probeBubblewrap(bwrap)
  if (unusable !== undefined) return { off: unusable }
  return bubblewrapSandbox(bwrap, soffice)
}
