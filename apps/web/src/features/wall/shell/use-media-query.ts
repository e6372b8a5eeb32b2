/** The wall's mobile layout applies at 430px wide or less (docs/wall.md, "Layout"). */
export const mobileWallQuery = '(max-width: 430px)'
