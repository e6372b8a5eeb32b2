/** One line of a pasted list: the phone as typed, and the name after it, if any. */
export interface PastedInvitation {
  phone: string
  name?: string
}

/** What a phone may be written with in a list: digits, spaces, '+', '.', '-', '(' and ')'. */
const leadingPhone = /^[\d\s+.\-()]*/

/** Punctuation people put between a number and a name ('06 12 34 56 78, Jane', '… - Jane'). */
const separators = /^[\s,;:\-–—]+/

/**
 * Reads a pasted list of invitations (docs/organisation.md, "The console"): one a line, blank
 * lines skipped. A line's phone is its leading run of digits, spaces, '+', '.', '-', '(' and
 * ')', up to its last digit; the rest, trimmed of the punctuation between the two, is the name
 * ('06 12 34 56 78 Jane Doe'). The dots some write numbers with ('06.12.34.56.78') become spaces,
 * the separators the server's phone rule takes. A line that starts with no digit is sent whole
 * as its phone, so the answer names it as no phone rather than it being dropped unseen.
 */
export const parsePastedList = (text: string): PastedInvitation[] =>
  text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line): PastedInvitation => {
      const run = leadingPhone.exec(line)?.[0] ?? ''
      const lastDigit = run.search(/\d(?!.*\d)/)
      if (lastDigit < 0) return { phone: line }
      const phone = run
        .slice(0, lastDigit + 1)
        .replace(/\./g, ' ')
        .trim()
      const name = line
        .slice(lastDigit + 1)
        .replace(separators, '')
        .trim()
      return name === '' ? { phone } : { phone, name }
    })
