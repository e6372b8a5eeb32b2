/** The pricing table of the landing page, per person, per month (docs/behaviour.md, "Landing and privacy pages"). */
export interface PricingPlan {
  plan: string
  price: string
  history: string
  sending: string
  support: string
  other: string
}

export const pricingPlans: readonly PricingPlan[] = [
  {
    plan: 'Free',
    price: '0$',
    history: '90 days',
    sending: 'up to 10 GB',
    support: 'within 24 hours',
    other: 'individual meetings (upcoming)',
  },
  {
    plan: 'Business',
    price: '9.99$',
    history: 'unlimited',
    sending: '200 GB',
    support: 'within 8 hours',
    other: 'group meetings (upcoming)',
  },
  {
    plan: 'Enterprise & Public',
    price: 'on request',
    history: 'unlimited',
    sending: '200 GB',
    support: 'within 4 hours',
    other: 'group meetings, livestream and multiple SAML configurations (all upcoming)',
  },
]

/** Listed by every plan. */
export const pricingCommonFeatures = [
  'user activation',
  'data export',
  'employee and partner only access',
  'national storage',
] as const

/** Features the pricing marks as upcoming. */
export const pricingUpcomingFeatures = ['Audio/video messages'] as const
