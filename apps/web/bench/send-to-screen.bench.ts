import { test, type Page } from '@playwright/test'
import { saveContact, signUpMember } from '../e2e/support/members'

/**
 * From A's click on Send to the post on B's screen, over 20 posts (docs/benchmarks.md, "4. Send to
 * screen, in two browsers"). The baseline, measured in the same run, is the same click to A's own
 * card turning sent (the server's acknowledgement): the ratio is what the delivery to another
 * browser adds to a round trip that stores the post. Times are read in the pages (one clock: one
 * machine); a card counts as shown when it is in the DOM.
 */
const POSTS = 20

declare global {
  interface Window {
    __clicks: number[]
    __shown: Record<string, number>
    __sent: Record<string, number>
  }
}

/** Records when each `bench-N` card appears, and when it shows its Comment button (sent). */
const watchCards = (page: Page) =>
  page.evaluate(() => {
    window.__clicks = []
    window.__shown = {}
    window.__sent = {}
    document.addEventListener(
      'click',
      (event) => {
        const button = (event.target as Element | null)?.closest('button')
        if (button?.textContent?.trim() === 'Send') window.__clicks.push(Date.now())
      },
      true,
    )
    new MutationObserver(() => {
      const now = Date.now()
      for (const card of document.querySelectorAll('[data-testid="post-card"]')) {
        const id = /bench-\d+/.exec(card.textContent ?? '')?.[0]
        if (id === undefined) continue
        window.__shown[id] ??= now
        const sent = [...card.querySelectorAll('button')].some((b) => b.textContent === 'Comment')
        if (sent) window.__sent[id] ??= now
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((x, y) => x - y)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
}

test('send to screen: p50 and p95 over 20 posts', async ({ browser }) => {
  const ann = await signUpMember(browser, 'Ann Bench')
  const bob = await signUpMember(browser, 'Bob Bench')
  await saveContact(ann, bob)
  await ann.page.reload()
  await watchCards(ann.page)
  await watchCards(bob.page)

  for (let i = 0; i < POSTS; i++) {
    const id = `bench-${i}`
    await ann.page.getByRole('button', { name: 'New Message' }).click()
    const modal = ann.page.getByRole('dialog', { name: 'New Message' })
    await modal.getByRole('checkbox', { name: /Bob Bench/ }).check()
    await modal.getByRole('textbox', { name: /message/i }).fill(`Post ${id}`)
    await modal.getByRole('button', { name: 'Send' }).click()
    await bob.page.waitForFunction((key) => key in window.__shown, id)
    await ann.page.waitForFunction((key) => key in window.__sent, id)
  }

  const clicks = await ann.page.evaluate(() => window.__clicks)
  const shown = await bob.page.evaluate(() => window.__shown)
  const sent = await ann.page.evaluate(() => window.__sent)
  const toScreen = clicks.map((at, i) => (shown[`bench-${i}`] ?? NaN) - at)
  const toAck = clicks.map((at, i) => (sent[`bench-${i}`] ?? NaN) - at)
  const row = (name: string, values: number[], base: number[]) => {
    const p50 = percentile(values, 50)
    const p95 = percentile(values, 95)
    const ratio = (x: number, b: number) => (b > 0 ? (x / b).toFixed(2) : 'n/a')
    return `${name.padEnd(34)} p50 ${String(p50).padStart(5)} ms (${ratio(p50, percentile(base, 50))}x)   p95 ${String(p95).padStart(5)} ms (${ratio(p95, percentile(base, 95))}x)`
  }
  console.log(`\nSend to screen, ${POSTS} posts (ratios to the baseline of the same run):`)
  console.log(row("baseline: click to A's own ack", toAck, toAck))
  console.log(row("click to the post on B's screen", toScreen, toAck))
  await ann.context.close()
  await bob.context.close()
})
