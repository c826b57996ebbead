/** Texts of the shell section of the messages catalogue (see ../messages.ts). */
export const shellMessages = {
  dashboardFailed:
    'Unable to load dashboard. Please refresh the page or contact support if the issue persists.',
  somethingWentWrong: 'Something went wrong',
  offlineTitle: "You're offline",
  offlineText: 'Please check your internet connection and try again.',
  loading: 'Loading...',
  notFound: 'Oops! Page not found',
} as const;
