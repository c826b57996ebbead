/** The specification's business constants (spec section 9 of each document). */
export const PASSWORD_MIN_LENGTH = 6;

export const SESSION = {
  /** A refresh is scheduled this long before the session expires. */
  refreshBeforeExpiryMs: 5 * 60_000,
  /** The expiry warning shows when fewer seconds than this remain. */
  warnBelowSeconds: 300,
  warningToastMs: 10_000,
  signInToastMs: 3_000,
} as const;

export const TOASTS = { defaultMs: 4_000, maxVisible: 3, notificationMs: 5_000 } as const;

export const QUERY_CACHE = { staleTimeMs: 5 * 60_000, retry: 1 } as const;

export const MOBILE_BREAKPOINT_PX = 768;

export const NOTIFICATION_BADGE_MAX = 9;

const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const FIVE_MB = 5 * 1024 * 1024;

/** The platform fee when no setting says otherwise: one number for the fee split and the settings row. */
const DEFAULT_PLATFORM_FEE_PERCENT = 10;

/** Money is integer cents; percentages are plain numbers (10 = 10%). The one currency of every amount. */
export const MONEY = {
  currency: 'usd',
  currencyCode: 'USD',
  platformFeePercent: DEFAULT_PLATFORM_FEE_PERCENT,
  expertSharePercent: 90,
  displayDecimals: 2,
  /** Admin revenue figures show whole dollars. */
  adminRevenueDecimals: 0,
} as const;

export const PROXIMITY = {
  expertRadiusMiles: 100,
  earthRadiusMiles: 3958.8,
  /** Degrees per mile of the bounding box that narrows the expert proximity query. */
  proximityDegreesPerMile: 0.0145,
  /** Miles per degree of the bounding box of the expert task list. */
  taskListMilesPerDegree: 69,
} as const;

export const TASK_DEFAULTS = {
  budgetCents: 10_000,
  budgetMinInputCents: 100,
  budgetInputStepCents: 100,
  dueDateDaysAhead: 7,
  /** The latest due date accepted, in days from now (docs/decisions/0066). */
  dueDateMaxDaysAhead: 366,
  titleMinLength: 5,
  descriptionMinLength: 10,
  requirementsMinLength: 10,
  /** Below this many characters the remote-only check asks for more detail. */
  remoteCheckDescriptionMinLength: 10,
  inspectionTurnaroundHours: '24-48',
} as const;

export const APPLICATIONS = {
  coverLetterMaxLength: 500,
  proposedRateStepCents: 1,
} as const;

export const REVIEWS = {
  commentMinLength: 10,
  ratingMin: 1,
  ratingMax: 5,
  pageSize: 5,
  profilePageSize: 3,
  maxPageLinks: 5,
  /** A star is half when the rating's fractional part reaches this. */
  halfStarFrom: 0.5,
} as const;

export const FILES = {
  maxBytes: FIVE_MB,
  maxMegabytes: 5,
} as const;

export const EXPERT_DOCUMENT = {
  maxBytes: FIVE_MB,
  allowedTypes: ['image/jpeg', 'image/png', 'application/pdf'],
  bucket: 'verification_docs',
} as const;

/** Profile pictures are public (served by GET /api/avatars/...), unlike identity documents. */
export const AVATAR = {
  maxBytes: FIVE_MB,
  allowedTypes: ['image/jpeg', 'image/png', 'image/webp'],
  bucket: 'avatars',
} as const;

export const EVIDENCE = {
  maxFileBytes: FIVE_MB,
  minFiles: 1,
  /** Not in the specification: a bound so one submission cannot grow without limit. */
  maxFiles: 10,
  allowedTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  bucket: 'evidence',
} as const;

export const CHAT = {
  attachmentMaxBytes: FIVE_MB,
  attachmentTypes: [
    'image/jpeg',
    'image/png',
    'image/webp',
    'image/gif',
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ],
  bucket: 'chat-attachments',
  previewMaxLength: 60,
  autoScrollThresholdPx: 50,
  /** Not in the specification: a bound on one message's length. */
  messageMaxLength: 5_000,
  /**
   * Not in the specification: a chat opens on its newest messages, this many, and loads earlier ones
   * in pages of the same size on request (issue 55: a long chat was read whole on every open).
   */
  pageSize: 50,
} as const;

export const EXPERT_DISPLAY = {
  bioShowMoreAbove: 150,
  bioPlaceholder: 'New Expert',
  responseTimeHoursFromMinutes: 60,
  successRateDecimals: 1,
} as const;

export const NOTIFICATIONS = {
  listMax: 50,
  refetchIntervalMs: 60 * SECOND_MS,
  toastMs: 5 * SECOND_MS,
  badgeMax: 9,
} as const;

export const VERIFICATION = {
  statusPollMs: 30 * SECOND_MS,
  progressTotalDefault: 2,
  communityTrustPositiveReviews: 5,
  communityTrustMinAverageRating: 4,
  /** A review counts as positive at this rating or above (docs/decisions/0081). */
  positiveReviewMinRating: 4,
  badgesVisible: 3,
} as const;

export const PHONE = {
  codeLength: 6,
  maxAttempts: 3,
  resendCooldownMs: 60 * SECOND_MS,
  resendCooldownSeconds: 60,
  /** Not in the specification: how long a sent code stays valid. */
  codeTtlMs: 10 * MINUTE_MS,
  usCountryCode: '1',
  e164MaxDigits: 15,
} as const;

export interface SendLimitWindow {
  readonly max: number;
  readonly windowMs: number;
}
export interface PhoneSendLimits {
  readonly perNumber: readonly SendLimitWindow[];
  readonly perAddress: readonly SendLimitWindow[];
}

/**
 * Codes sent per destination number and per caller address (docs/decisions/0030). Development and
 * tests keep the limits on with looser numbers (one machine, many test accounts and numbers).
 */
export const PHONE_SEND_LIMITS: Record<'production' | 'development', PhoneSendLimits> = {
  production: {
    perNumber: [
      { max: 3, windowMs: 10 * MINUTE_MS },
      { max: 10, windowMs: 24 * HOUR_MS },
    ],
    perAddress: [
      { max: 10, windowMs: HOUR_MS },
      { max: 30, windowMs: 24 * HOUR_MS },
    ],
  },
  development: {
    perNumber: [
      { max: 30, windowMs: 10 * MINUTE_MS },
      { max: 100, windowMs: 24 * HOUR_MS },
    ],
    perAddress: [
      { max: 300, windowMs: HOUR_MS },
      { max: 1000, windowMs: 24 * HOUR_MS },
    ],
  },
};

export const PAYMENT_SETUP = {
  linkTtlMs: 24 * HOUR_MS,
} as const;

/** The embedded payment provider holds an authorization this long (the card provider's usual window). */
export const LOCAL_PAYMENT_PROVIDER = {
  holdExpiryDays: 7,
} as const;

export const PAYMENT_ELEMENTS = {
  locale: 'en',
  currency: MONEY.currency,
  paymentMethodOrder: [
    'card',
    'cashapp',
    'amazon_pay',
    'affirm',
    'klarna',
    'paypal',
    'us_bank_account',
    'afterpay_clearpay',
  ],
  billingDetails: { name: 'auto', email: 'never', phone: 'never', address: { postalCode: 'auto' } },
  defaultBillingCountry: 'US',
  publishableKeyPattern: /^pk_(test|live)_[A-Za-z0-9]+$/,
} as const;

export const LOCATION_SEARCH = {
  debounceMs: 350,
  minQueryLength: 2,
  resultLimit: 10,
  requestTimeoutMs: 5 * SECOND_MS,
  popularCitiesShown: 8,
  /** Consecutive failures after which the picker falls back to popular cities. */
  failuresBeforeFallback: 2,
  reverseZoom: 18,
} as const;

export const GEOLOCATION = {
  enableHighAccuracy: true,
  timeoutMs: 10 * SECOND_MS,
  maximumAgeMs: 5 * MINUTE_MS,
} as const;

export const MAP = {
  /** The geographic centre of the contiguous United States. */
  defaultCenter: { latitude: 39.8283, longitude: -98.5795 },
  defaultZoom: 4,
  minZoom: 1,
  maxZoom: 18,
  fitBoundsMaxZoom: 8,
  markerMinSizePx: 20,
  markerMaxSizePx: 40,
  manyExpertsAbove: 100,
  someExpertsAbove: 50,
  markerColors: { many: 'green', some: 'blue', few: 'indigo' },
  statesCacheMs: 24 * HOUR_MS,
} as const;

/** The map-locations aggregation (docs/decisions/0010-map-locations-aggregation.md). */
export const MAP_LOCATIONS = {
  /** recent_tasks counts tasks created within this many days... */
  recentTaskDays: 30,
  /** ...and within this many miles of the place. */
  recentTaskRadiusMiles: 25,
  /** Experts under one place name closer than this to each other form one place. */
  placeMergeMiles: 25,
  /** Places are published at this many decimals (about 1 km), never an expert's exact position. */
  coordinateDecimals: 2,
  /** The map's search box waits this long after typing. */
  searchDebounceMs: 300,
} as const;

export const TASK_QUERY = { retry: 1, refetchOnWindowFocus: true } as const;

export const DASHBOARD_LOADING = { firstDelayMs: 300, secondDelayMs: 200 } as const;

export const STRIPE_RETURN = {
  nativeRedirectMs: 500,
  mobileFallbackMs: 2_500,
  mobileCountdownSeconds: 3,
  desktopRedirectMs: 1_000,
} as const;

export const NATIVE = {
  deepLinkDelayMs: 100,
  fallbackTimeoutMs: 2_500,
  splashHideAfterMs: 500,
  statusBarColor: '#05283b',
} as const;

export const ERROR_MONITOR = {
  keepEntries: 50,
  showEntries: 20,
  subscriptionErrorWindowMs: 60 * SECOND_MS,
} as const;

/** system_settings defaults and limits; prices in cents. */
export const SETTINGS_DEFAULTS = {
  platformFeePercent: DEFAULT_PLATFORM_FEE_PERCENT,
  platformFeeMin: 0,
  platformFeeMax: 100,
  platformFeeStep: 0.01,
  minTaskPriceCents: 500,
  maxTaskPriceCents: 100_000,
  /** The lowest value either price limit may take. */
  priceLimitFloorCents: 100,
  maintenanceMode: false,
  /** The client's review window after evidence arrives (admin money setting, docs/decisions/0322). */
  reviewWindowHours: 72,
} as const;

/** An admin's written reason for acting in a party's place (issue 27, docs/decisions/0210). */
export const ADMIN_OVERRIDE = {
  reasonMinLength: 10,
  reasonMaxLength: 1000,
} as const;

export const ADMIN = {
  pageSize: 10,
  transactionIdPrefixLength: 8,
  overviewWindowDays: 7,
  overviewTrendDays: 14,
} as const;

export const REPORT_TIMEFRAMES = {
  '7d': { label: 'Last 7 days', days: 7, groupBy: 'day' },
  '30d': { label: 'Last 30 days', days: 30, groupBy: 'day' },
  '90d': { label: 'Last 90 days', days: 90, groupBy: 'week' },
  '12m': { label: 'Last 12 months', months: 12, groupBy: 'month' },
} as const;

export const PAGINATION = { defaultPageSize: 10, maxPageSize: 100 } as const;

/** Upper bounds on free text, not in the specification: they keep requests and rows bounded. */
export const TEXT_LIMITS = {
  taskTitleMax: 200,
  taskDescriptionMax: 5_000,
  taskRequirementsMax: 5_000,
  locationMax: 300,
  reviewCommentMax: 2_000,
  completionNotesMax: 5_000,
  reportReasonMax: 1_000,
  footerTextMax: 1_000,
  legalTextMax: 100_000,
  searchMax: 200,
} as const;

/** Issue 50: changes requested instead of a dispute (docs/decisions/0465). */
export const CHANGE_REQUESTS = {
  /** Rounds of changes per task; after them only confirm or reject remain. */
  maxRounds: 2,
  noteMinLength: 5,
  noteMaxLength: 1_000,
} as const;

/** Issue 50: late work (docs/decisions/0465). */
/** Issue 51 (decision 0466): counter-offers on an application before a hire. */
export const OFFERS = {
  /** Proposals per application in all (the client's first, then counters). */
  maxProposals: 3,
  noteMaxLength: 500,
} as const;

/** Issue 51 (decision 0467): a new price after the hire. */
export const PRICE_CHANGES = {
  reasonMaxLength: 500,
} as const;

export const LATE_WORK = {
  /** Hours after the due moment, with no extension agreed, from which the client cancels for free. */
  freeCancelAfterHours: 24,
  /** How far past the current due moment one extension may move it. */
  extensionMaxDays: 14,
  reasonMinLength: 5,
  reasonMaxLength: 500,
} as const;

// Issue 54: the API for businesses (keys, idempotent writes, webhooks) has its own file.
export * from './api-constants';
