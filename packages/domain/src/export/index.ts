import type { Connection } from 'mongoose'
import { createOrganisationExportReader } from './organisation.js'
import type { OrganisationExportReader } from './organisation.js'
import { createPersonExportReader } from './person.js'
import type { PersonExportReader } from './person.js'

export type {
  ExportComment,
  ExportPerson,
  ExportPost,
  ExportResponse,
  PersonExportReader,
} from './person.js'
export type { ExportedCollection, OrganisationExportReader } from './organisation.js'
export { neverExportedModels } from './organisation.js'

/** The readers of the exports (docs/export.md): they read, and never write. */
export interface ExportReaders {
  person: PersonExportReader
  organisation: OrganisationExportReader
}

export const createExportReaders = (connection: Connection, clock: () => Date): ExportReaders => ({
  person: createPersonExportReader(connection, clock),
  organisation: createOrganisationExportReader(connection),
})
