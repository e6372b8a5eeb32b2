/**
 * A player as jsdom cannot make one play: its position is set by the test, and its events fire
 * as a browser fires them.
 */
export const drive = (player: HTMLMediaElement) => {
  let position = 0
  let paused = true
  Object.defineProperty(player, 'currentTime', {
    configurable: true,
    get: () => position,
    set: (value: number) => {
      position = value
    },
  })
  Object.defineProperty(player, 'paused', { configurable: true, get: () => paused })
  const fire = (event: string) => player.dispatchEvent(new Event(event))
  return {
    play: () => {
      paused = false
      fire('play')
      fire('playing')
    },
    /** Plays on to `to`, a position every quarter second. */
    playTo: (to: number) => {
      while (position < to) {
        position = Math.min(to, position + 0.25)
        fire('timeupdate')
      }
    },
    seekTo: (to: number) => {
      fire('seeking')
      position = to
      fire('timeupdate')
      fire('seeked')
    },
    pause: () => {
      paused = true
      fire('pause')
    },
    end: () => {
      paused = true
      fire('timeupdate')
      fire('pause')
      fire('ended')
    },
  }
}
