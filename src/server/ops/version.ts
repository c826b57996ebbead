/** The API's version, shown in the OpenAPI document and on the admin System tab; bumped with releases. */
export const API_VERSION = '0.1.0';
