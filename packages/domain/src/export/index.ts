import type { Connection } from 'mongoose'
import { createOrganisationExportReader } from './organisation.js'
import type { OrganisationExportReader } from './organisation.js'
import { createPagesReader } from './pages.js'
import type { OrganisationPagesReader } from './pages.js'
import { createPersonExportReader } from './person.js'
import type { PersonExportReader } from './person.js'

export type {
  ExportComment,
  ExportPerson,
  ExportPost,
  ExportResponse,
  PersonExportReader,
} from './person.js'
export type { PollDoc, PollResponseDoc, QuestionDoc } from '../polls/poll-model.js'
export type { PostDoc } from '../posts/post-model.js'
export type { ExportPagesReader, ExportUser, OrganisationPagesReader } from './pages.js'
export type { ExportedCollection, OrganisationExportReader } from './organisation.js'
export { neverExportedModels } from './organisation.js'

/** The readers of the exports (docs/export.md): they read, and never write. */
export interface ExportReaders {
  person: PersonExportReader
  organisation: OrganisationExportReader
  /** What the readable pages read besides (docs/export.md, "index.html"). */
  pages: OrganisationPagesReader
}

export const createExportReaders = (connection: Connection, clock: () => Date): ExportReaders => ({
  person: createPersonExportReader(connection, clock),
  organisation: createOrganisationExportReader(connection),
  pages: createPagesReader(connection),
})
