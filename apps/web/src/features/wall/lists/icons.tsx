/** Decorative icons of the lists; the text beside them names the thing (docs/wall.md, "Lists"). */
export const FolderIcon = () => (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M3 6.5A2.5 2.5 0 0 1 5.5 4h4.1l2 2h6.9A2.5 2.5 0 0 1 21 8.5v9a2.5 2.5 0 0 1-2.5 2.5h-13A2.5 2.5 0 0 1 3 17.5z"
      opacity="0.25"
    />
    <circle cx="9.5" cy="12" r="2" fill="currentColor" />
    <circle cx="14.5" cy="12" r="2" fill="currentColor" />
    <path fill="currentColor" d="M6.5 17.5a3 3 0 0 1 6 0zm5 0a3 3 0 0 1 6 0z" />
  </svg>
)

export const SearchIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      d="M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zm4.7-1.8L20 20"
    />
  </svg>
)
