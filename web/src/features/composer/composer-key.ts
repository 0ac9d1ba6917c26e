/** The one composer key of spec §3 ('Composer draft'); a module of its own so the conversation view takes only the key. */
export const COMPOSER_STORAGE_KEY = 'cui-composer';
