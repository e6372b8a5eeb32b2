/**
 * Rules between the items of a list, which JSON Schema has no keyword for. A contract states
 * such a rule twice, side by side: as a zod refinement, which is the check, and with one of
 * these marks in its meta, which the OpenAPI document carries as an extension beside the rule's
 * description. The fuzzing honours them (docs/testing.md, "Fuzzing"): it never sends, as valid
 * data, a list that breaks one.
 */

/** On a list of objects: no two items have the same value of the property it names. */
export const uniqueByMark = 'x-unique-by'

/** On a list of numbers (`true`): each item is greater than the one before it. */
export const increasingMark = 'x-increasing'
