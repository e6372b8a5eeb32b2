import { canonicalPhoneSchema, dialCodeOfPhone, type UserProfile } from '@palabre/contracts'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useSearchParams } from 'react-router-dom'
import { Brand } from '../../components/brand'
import { LanguageToggle } from '../../components/language-toggle'
import { registerAdminTexts } from '../../i18n/catalogue/admin'
import { useProfile } from '../../session/require-session'
import { AnnouncementsSection } from './announcements/announcements-section'
import { AuditSection } from './audit/audit-section'
import { ExportSection } from './export/export-section'
import { roleOf } from '../../session/role'
import { InvitationsSection } from './invitations/invitations-section'
import { MembersSection } from './members/members-section'
import { countryOfPhoneKey } from '../../lib/phone-input'
import { sectionOf, sections, sectionSearch, type Section } from './sections'
import { SettingsSection } from './settings/settings-section'
import './admin-page.css'

/**
 * The administrators' console at `/admin` (docs/organisation.md, "The console"), under the
 * session guard. A member gets the 404 page, as for any address that is not theirs; an
 * administrator gets the sections, the one on screen kept in the address.
 */
export const AdminPage = () => {
  const profile = useProfile()
  const { i18n } = useTranslation()
  // Before anything renders: the console's texts come with its code.
  useState(() => registerAdminTexts(i18n))
  if (roleOf(profile) !== 'admin') return <Navigate to="/not-found" replace />
  return <Console profile={profile} />
}

const Console = ({ profile }: { profile: UserProfile }) => {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const section = sectionOf(params.get('tab'))
  // A phone key, or no filter: an address typed by hand cannot send the audit call garbage.
  const auditPhone = canonicalPhoneSchema.safeParse(params.get('phone')).data
  const title = t('admin.page.title')
  useEffect(() => {
    document.title = `${title} · Palabre`
  }, [title])
  const open = (next: Section, phone?: string) => setParams(sectionSearch(next, phone))

  return (
    <div className="admin">
      <header className="admin__bar">
        <Brand />
        <h1 className="admin__title">{title}</h1>
        <div className="admin__bar-end">
          <LanguageToggle />
          <Link className="btn btn-secondary admin__back" to="/wall">
            {t('admin.page.backToWall')}
          </Link>
        </div>
      </header>
      <nav className="admin__tabs" aria-label={t('admin.page.sections')}>
        <ul>
          {sections.map((name) => (
            <li key={name}>
              <Link
                className="admin__tab"
                to={{ pathname: '/admin', search: sectionSearch(name) }}
                aria-current={name === section ? 'page' : undefined}
              >
                {t(`admin.tabs.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main className="admin__main">
        <h2 className="admin__heading">{t(`admin.tabs.${section}`)}</h2>
        {section === 'members' && (
          <MembersSection selfPhone={profile.phone} onHistory={(phone) => open('audit', phone)} />
        )}
        {section === 'invitations' && (
          <InvitationsSection defaultCountry={countryOfPhoneKey(profile.phone)} />
        )}
        {section === 'announcements' && <AnnouncementsSection phone={profile.phone} />}
        {section === 'settings' && <SettingsSection />}
        {section === 'export' && <ExportSection />}
        {section === 'audit' && (
          <AuditSection
            key={auditPhone ?? ''}
            phone={auditPhone}
            dialCode={dialCodeOfPhone(profile.phone) ?? ''}
            onFilter={(phone) => open('audit', phone)}
          />
        )}
      </main>
    </div>
  )
}
