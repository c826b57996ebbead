/** Texts of the profile section of the messages catalogue (see ../messages.ts). */
export const profileMessages = {
  loadFailed: 'Failed to load profile',
  notFound: 'Profile Not Found',
  loadYourProfileFailed: 'Failed to load your profile',
  welcome: 'Welcome back, {name}!',
  fallbackName: 'User',
  expertSubtitle: 'Expert Profile',
  clientSubtitle: 'Client Profile',
  updated: 'Profile updated successfully',
  updateFailed: 'Failed to update profile',
} as const;
