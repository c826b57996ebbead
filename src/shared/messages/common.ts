/** Texts of the common section of the messages catalogue (see ../messages.ts). */
export const commonMessages = {
  invalidRequest: 'The request is not valid.',
  notFound: 'Not found',
  forbidden: "You don't have permission to do that.",
  internal: 'Internal error',
} as const;
