import { appConfig } from '../config'
import './brand.css'

/** The product mark and name, used in every header. */
export const Brand = ({ as: Tag = 'span' }: { as?: 'span' | 'h1' }) => (
  <Tag className="brand">
    <img className="brand__logo" src="/favicon.svg" alt="" width={32} height={32} />
    <span className="brand__name">{appConfig.appName}</span>
  </Tag>
)
