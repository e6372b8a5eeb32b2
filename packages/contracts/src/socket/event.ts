import { z } from 'zod'
import { errorBodySchema } from '../errors.js'

/** Success acknowledgement of the original clients: the number 1. */
export const ackOkSchema = z.literal(1)
/** What every acknowledged client event answers: 1 once persisted, or an error body. */
export const ackSchema = z.union([ackOkSchema, errorBodySchema])
export type Ack = z.infer<typeof ackSchema>

/** An event a client sends. `ack` is present when the client expects an acknowledgement. */
export interface ClientEventContract<
  Name extends string = string,
  Payload extends z.ZodType = z.ZodType,
  AckSchema extends z.ZodType | undefined = z.ZodType | undefined,
> {
  readonly name: Name
  readonly summary: string
  readonly payload: Payload
  readonly ack: AckSchema
}

/** An event the server sends. */
export interface ServerEventContract<
  Name extends string = string,
  Payload extends z.ZodType = z.ZodType,
  AckSchema extends z.ZodType | undefined = z.ZodType | undefined,
> {
  readonly name: Name
  readonly summary: string
  readonly payload: Payload
  /** Present when the receiving client acknowledges the event (what marks it delivered). */
  readonly ack?: AckSchema
}

export const defineClientEvent = <
  Name extends string,
  Payload extends z.ZodType,
  AckSchema extends z.ZodType | undefined,
>(
  event: ClientEventContract<Name, Payload, AckSchema>,
): ClientEventContract<Name, Payload, AckSchema> => event

export const defineServerEvent = <
  Name extends string,
  Payload extends z.ZodType,
  AckSchema extends z.ZodType | undefined = undefined,
>(
  event: ServerEventContract<Name, Payload, AckSchema>,
): ServerEventContract<Name, Payload, AckSchema> => event

type ClientHandler<E extends ClientEventContract> = E['ack'] extends z.ZodType
  ? (payload: z.input<E['payload']>, ack: (answer: z.infer<E['ack']>) => void) => void
  : (payload: z.input<E['payload']>) => void

/** socket.io's ClientToServerEvents built from a tuple of client event contracts. */
export type ClientEventMap<Events extends readonly ClientEventContract[]> = {
  [E in Events[number] as E['name']]: ClientHandler<E>
}

/** socket.io's ServerToClientEvents built from a tuple of server event contracts. */
export type ServerEventMap<Events extends readonly ServerEventContract[]> = {
  [E in Events[number] as E['name']]: [Exclude<E['ack'], undefined>] extends [never]
    ? (payload: z.infer<E['payload']>) => void
    : (
        payload: z.infer<E['payload']>,
        ack: (answer: z.infer<Exclude<E['ack'], undefined>>) => void,
      ) => void
}
