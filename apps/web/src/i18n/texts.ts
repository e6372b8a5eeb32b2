/**
 * The shape a screen's texts in another language must have: its English texts' keys and
 * nesting, every text a plain string (the English ones are literals, which the French ones
 * could not match).
 */
export type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> }
