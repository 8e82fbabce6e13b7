/** Title and version of the API, shared by the document the server serves and the one codegen writes. */
export const API_TITLE = 'Short-video console API'
export const API_VERSION = '1.0.0'
