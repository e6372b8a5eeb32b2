import { useId } from 'react'
import '../../../components/form.css'
import { SearchIcon } from './icons'
import './lists.css'

export interface SearchBoxProps {
  /** Names the input; shown as its placeholder too. */
  label: string
  value: string
  onChange: (value: string) => void
  /** Show the label above the input rather than only to screen readers. */
  showLabel?: boolean
  className?: string
}

/**
 * A labelled search input (docs/wall.md, "Lists"). The search is live, so Enter must not submit
 * the form around it (the send modal's form would send the post).
 */
export const SearchBox = ({ label, value, onChange, showLabel, className }: SearchBoxProps) => {
  const id = useId()
  return (
    <div className={['search-box', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={showLabel ? 'field__label' : 'visually-hidden'}>
        {label}
      </label>
      <div className="search-box__control">
        <span className="search-box__icon">
          <SearchIcon />
        </span>
        <input
          id={id}
          type="search"
          className="field__input search-box__input"
          placeholder={label}
          autoComplete="off"
          enterKeyHint="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault()
          }}
        />
      </div>
    </div>
  )
}
