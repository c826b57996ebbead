/** Texts of the reviews section of the messages catalogue (see ../messages.ts). */
export const reviewsMessages = {
  ratingRequired: 'Please select a rating',
  commentTooShort: 'Comment must be at least 10 characters',
  commentTooLong: 'Comment must be at most 2000 characters',
  submitFailed: 'Failed to submit review',
  submitted: 'Review submitted successfully',
  ratingUpdateFailed: 'Review submitted, but the expert rating could not be updated.',
  notificationFailed: 'Review submitted, but the expert could not be notified.',
  onlyClientCanReview: 'Only the client of this task can review it',
  notReviewable: 'You can review a task once it is completed',
  alreadyReviewed: 'You have already reviewed this task',
  noReviews: 'No reviews yet',
  noRatings: 'No ratings yet',
  forTask: 'For task: {title}',
  fallbackReviewerName: 'User',
} as const;
