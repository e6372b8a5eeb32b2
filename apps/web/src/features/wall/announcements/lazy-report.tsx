import { lazy, Suspense } from 'react'

// The confirmations table is for an announcement's author only: it comes when one of their
// announcements' discussions opens, not with the wall's page (docs/bundle-budgets.md).
const Report = lazy(async () => ({
  default: (await import('./announcement-report')).AnnouncementReport,
}))

/** Who confirmed an announcement (docs/wall.md, "Announcements"), loaded when shown. */
export const LazyAnnouncementReport = (props: { id: string; viewerPhone: string }) => (
  <Suspense fallback={null}>
    <Report {...props} />
  </Suspense>
)
