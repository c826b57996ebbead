/** Issue 50: proof of a no-show ("No access"), the client's contest and the call-out fee (decision 0463). */
export const noAccessMessages = {
  status: 'No Access Reported',
  // The expert.
  reportButton: 'No access',
  reportTitle: 'Report that nobody gave you access',
  reportText:
    'Add at least one photo taken at the place during the agreed visit (from 30 minutes before to 30 minutes after it). The photo\'s own time and location are checked. If the client does not contest within 48 hours, you receive the call-out fee.',
  photosLabel: 'Photos taken at the place',
  noteLabel: 'What happened (optional)',
  send: 'Send the report',
  sending: 'Sending…',
  reported: 'No access reported. The client has 48 hours to answer.',
  // Refusals.
  onlyAssignedExpert: 'Only the assigned expert can report no access',
  onlyClient: 'Only the client can contest a no-access report',
  noWindow: 'A visit time must be agreed before you can report no access.',
  tooEarly: 'You can report no access from the start of the agreed visit ({start}).',
  photoRequired: 'Add at least one photo taken at the place.',
  tooManyPhotos: 'Add at most {max} photos.',
  photoNoTime: '{name} has no capture time in its metadata, so it cannot prove when you were there. Take the photo with your camera app and upload the original.',
  photoNoPlace: '{name} has no location in its metadata, so it cannot prove where you were. Turn on location for your camera and upload the original.',
  photoOutsideWindow: '{name} was taken at {taken}, outside the agreed visit with 30 minutes either side.',
  photoTooFar: '{name} was taken {miles} miles from the task\'s location; it must be within 0.5 miles.',
  noteTooLong: 'The note must be at most 1000 characters',
  adminCancelRefused: 'The expert reported no access: the client may contest it, or the call-out fee follows in 48 hours.',
  // The client.
  panelTitle: 'No access reported',
  panelExpert: 'The expert reported that nobody gave access during the agreed visit ({window}).',
  panelFee: 'Unless you contest by {deadline}, a call-out fee of {fee} is charged and the rest of the hold is released.',
  panelPhotoAlt: 'No-access photo {number}',
  contestButton: 'Contest',
  contestTitle: 'Contest the no-access report',
  contestText: 'An admin looks at the report and your answer and decides. Nothing is charged until then.',
  contestReasonLabel: 'Why the report is wrong',
  contestReasonRequired: 'Please say why the report is wrong (at least 10 characters).',
  contestReasonTooLong: 'The reason may be at most 1000 characters.',
  contestSend: 'Contest the report',
  contested: 'Your answer was sent. An admin will decide.',
  // Both.
  expertWaiting: 'You reported no access. The client has until {deadline} to contest; otherwise you receive the call-out fee.',
  charged: 'No access: a call-out fee of {fee} was charged and the rest of the hold released.',
  notFound: 'No no-access report for this task',
  // Notifications.
  notifyReportedTitle: 'The expert could not get in',
  notifyReported:
    'The expert reported that nobody gave access for "{title}". Unless you contest by {deadline}, a call-out fee of {fee} is charged.',
  notifyFeeTitle: 'Call-out fee charged',
  notifyFeeClient: 'No answer to the no-access report for "{title}": a call-out fee of {fee} was charged and the rest released.',
  notifyFeeExpert: 'You receive a call-out fee of {amount} for "{title}" (nobody gave access).',
  notifyContestedTitle: 'No-access report contested',
  notifyContested: 'The client contested your no-access report for "{title}": {reason}. An admin will decide.',
  notifyContestedAdmin: 'A no-access report for "{title}" was contested.',
} as const;
