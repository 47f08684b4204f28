/** The browser's random id for new-sign-in e-mails (set by the server, named in the privacy notice). */
export const DEVICE_COOKIE = 'helixpoint_device';
