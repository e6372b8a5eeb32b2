/** Decorative icons of the modals; each button carries its own name (docs/wall.md, "Modals"). */
const Icon = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path
      d={d}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
)

export const BackIcon = () => <Icon d="M15 5l-7 7 7 7" />

export const AttachIcon = () => (
  <Icon d="M20 11.5l-8.1 8.1a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8" />
)

export const PollIcon = () => <Icon d="M5 20V10m7 10V4m7 16v-7" />

export const RemoveIcon = () => <Icon d="M6 6l12 12M18 6L6 18" />

/** A warning: a triangle holding an exclamation mark. */
export const WarningIcon = () => <Icon d="M12 3.5 2.5 20h19L12 3.5zM12 10v4.5M12 17.5v.01" />
