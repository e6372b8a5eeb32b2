import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * The wall's search box (docs/wall.md, "Scope, paging and search"): Enter searches the scope on
 * screen; an empty word ends the search. Keyed by the word by its parent, so a search ended
 * elsewhere (the back arrow) empties it.
 */
export const PostSearch = ({
  word,
  onSearch,
  autoFocus,
}: {
  word: string
  onSearch: (word: string) => void
  autoFocus?: boolean
}) => {
  const { t } = useTranslation()
  const id = useId()
  const [value, setValue] = useState(word)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSearch(value)
  }
  return (
    <form className="post-search" role="search" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {t('wall.layout.searchPosts')}
      </label>
      <input
        id={id}
        type="search"
        className="field__input post-search__input"
        placeholder={t('wall.layout.searchPosts')}
        value={value}
        autoFocus={autoFocus}
        enterKeyHint="search"
        onChange={(event) => {
          setValue(event.target.value)
          if (event.target.value === '' && word !== '') onSearch('')
        }}
      />
    </form>
  )
}
