/** The task composer (issue 5), shared by home and the conversation view. */
export { Composer, type ComposerProps } from './Composer';
export { ComposerPlaceholder, LazyComposer } from './LazyComposer';
export type { ComposerSubmission, ComposerSubmitHandler } from './use-composer';
export type { Suggestion, SuggestionLoaders, SuggestionSource } from './suggestion-loaders';
export { COMPOSER_STORAGE_KEY } from './composer-key';
export { modelOptions, type ModelOption } from './models';
