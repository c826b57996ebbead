/** Issue 23 (second part): the expert directory, invitations and review moderation. */
export const directoryMessages = {
  invalidRating: 'Choose a minimum rating between 1 and 5.',
  invalidResponseTime: 'Choose a response time in minutes, 1 or more.',
  invalidBadge: 'This badge is not available.',
  invalidExpertise: 'Enter an expertise of at most 100 characters.',
  placeRequired: 'Choose a place to search near.',
  sortDistance: 'Nearest',
  sortRating: 'Highest rated',
  reviewHidden: 'The review is hidden. The reason is in the audit log.',
  reviewRestored: 'The review is shown again. The reason is in the audit log.',
  reviewAlreadyHidden: 'This review is already hidden.',
  reviewNotHidden: 'This review is not hidden.',
} as const;
