import type { ReactNode } from 'react'

/**
 * The card's small inline icons. Each is decorative (aria-hidden): the element around it gives
 * the text a screen reader reads. `currentColor` lets the CSS colour them.
 */
const Svg = ({ children, viewBox = '0 0 16 16' }: { children: ReactNode; viewBox?: string }) => (
  <svg
    className="card-icon"
    viewBox={viewBox}
    width="16"
    height="16"
    aria-hidden="true"
    focusable="false"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    {children}
  </svg>
)

export const CheckIcon = () => (
  <Svg>
    <path d="M2.5 8.5l3.5 3.5 7.5-8" />
  </Svg>
)

export const DoubleCheckIcon = () => (
  <Svg viewBox="0 0 20 16">
    <path d="M1.5 8.5l3.5 3.5 7.5-8" />
    <path d="M9 11.5l.5.5 7.5-8" />
  </Svg>
)

export const ClockIcon = () => (
  <Svg>
    <circle cx="8" cy="8" r="6.25" />
    <path d="M8 4.5V8l2.5 1.5" />
  </Svg>
)

export const InfoIcon = () => (
  <Svg>
    <circle cx="8" cy="8" r="6.25" />
    <path d="M8 7.25V11" />
    <path d="M8 5h.01" />
  </Svg>
)

export const BackIcon = () => (
  <Svg>
    <path d="M10 3L5 8l5 5" />
  </Svg>
)

export const PaperclipIcon = () => (
  <Svg>
    <path d="M13 7.5l-5 5a3 3 0 01-4.25-4.25l5.5-5.5a2 2 0 012.8 2.8L6.6 11a1 1 0 01-1.4-1.4L10 4.8" />
  </Svg>
)
