import { useState } from 'react'
import { useTranslation } from 'react-i18next'

const images = [
  '/solution/wall.svg',
  '/solution/discussion.svg',
  '/solution/quiz.svg',
  '/solution/mobile.svg',
]

/** The solution image carousel: previous/next buttons and one dot per image, no auto-play. */
export const SolutionCarousel = () => {
  const { t } = useTranslation()
  const slides = t('solution.slides', { returnObjects: true })
  const [index, setIndex] = useState(0)
  const count = Math.min(slides.length, images.length)
  const move = (step: number) => setIndex((current) => (current + step + count) % count)
  const slide = slides[index]

  return (
    <section
      id="solution"
      className="landing-section"
      tabIndex={-1}
      aria-labelledby="solution-title"
    >
      <h2 id="solution-title">{t('solution.title')}</h2>
      <div className="carousel" aria-roledescription="carousel">
        <figure className="carousel__slide" aria-live="polite">
          <img src={images[index]} alt={slide?.alt ?? ''} width={640} height={400} />
          <figcaption>{slide?.title}</figcaption>
        </figure>
        <div className="carousel__controls">
          <button
            type="button"
            className="carousel__arrow"
            aria-label={t('solution.previous')}
            onClick={() => move(-1)}
          >
            ‹
          </button>
          <div className="carousel__dots">
            {Array.from({ length: count }, (_, n) => (
              <button
                key={n}
                type="button"
                className="carousel__dot"
                aria-label={t('solution.goTo', { n: n + 1 })}
                aria-current={n === index}
                onClick={() => setIndex(n)}
              />
            ))}
          </div>
          <button
            type="button"
            className="carousel__arrow"
            aria-label={t('solution.next')}
            onClick={() => move(1)}
          >
            ›
          </button>
        </div>
      </div>
    </section>
  )
}
