/** Texts of the avatar section of the messages catalogue (see ../messages.ts). */
export const avatarMessages = {
  required: 'Please choose an image to upload',
  tooLarge: 'File is too large. Maximum size is 5MB',
  invalidType: 'Invalid file type. Please upload a JPG, PNG, or WebP image',
  uploaded: 'Profile picture updated',
  uploadFailed: 'Failed to upload profile picture',
} as const;
