/** Texts of the security section of the messages catalogue (see ../messages.ts). */
export const securityMessages = {
  crossOriginRefused: 'This request came from another website and was refused. Reload the page and try again.',
  jsonRequired: 'The request must be sent as JSON (Content-Type: application/json).',
  multipartRequired: 'Files must be sent as a form upload (Content-Type: multipart/form-data).',
  controlCharacters: 'Text may not contain control characters.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  tooManyPhoneCodes: 'Too many verification codes were requested for this phone number. Please try again later.',
  tooManyPhoneCodesFromNetwork: 'Too many verification codes were requested from your network. Please try again later.',
} as const;
