import { useTranslation } from 'react-i18next'
import { Brand } from '../../../components/brand'

/** The right column when no post is open: the app's name, its tagline and a welcome. */
export const WallPlaceholder = () => {
  const { t } = useTranslation()
  return (
    <div className="wall-placeholder-panel" data-testid="wall-placeholder">
      <Brand />
      <p className="wall-placeholder-panel__tagline">{t('wall.layout.tagline')}</p>
      <p>{t('wall.layout.welcome')}</p>
    </div>
  )
}
