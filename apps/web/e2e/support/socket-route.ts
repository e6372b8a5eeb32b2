import type { Page, WebSocketRoute } from '@playwright/test'
import { expectOnline } from './members'

/** Cuts and restores one page's socket.io connection, as a dropped network would. */
export interface SocketLine {
  /** Closes the open connection and refuses every new one until `restore`. */
  cut: () => Promise<void>
  /** Lets the next connection through (socket.io tries again by itself). */
  restore: () => void
}

/**
 * Routes the page's socket.io WebSockets through Playwright, so that a test can cut them.
 * Chromium's offline emulation (`context.setOffline`) leaves an open WebSocket alone, and
 * socket.io notices only once its heartbeat times out (about 45 s); `page.route` sees no
 * WebSocket at all. The route holds for sockets opened after it: the page is reloaded, and is
 * online again when this returns.
 */
export const routeSocket = async (page: Page): Promise<SocketLine> => {
  let cut = false
  const open = new Set<WebSocketRoute>()
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (cut) {
      // The server's first message (engine.io's handshake) reaches the page, then the line drops:
      // socket.io tries again after its usual delay. Closed before that message, the attempt
      // would hang until socket.io's connect timeout (20 s), not as a dropped network does.
      const server = ws.connectToServer()
      server.onMessage((message) => {
        ws.send(message)
        void ws.close()
      })
      return
    }
    ws.connectToServer()
    open.add(ws)
  })
  await page.reload()
  await expectOnline(page)
  return {
    async cut() {
      cut = true
      // Closing the page's side closes the server's too.
      await Promise.all([...open].map((ws) => ws.close().catch(() => undefined)))
      open.clear()
    },
    restore() {
      cut = false
    },
  }
}
