// The message ids are English's: every other language's catalogue must have exactly these (its
// index checks them with `satisfies Catalogue`, and test/unit/i18n checks no extra ones).
import type english from './locales/en';

export type MessageId = keyof typeof english;
export type Catalogue = Readonly<Record<MessageId, string>>;
