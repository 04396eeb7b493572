// An e-mail address as the Account resource's operations take it.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/; // labels between dots: one reading, linear

/** An email address as Fax.Plus takes one: at most 254 characters (checked before the pattern). */
export const isEmailAddress = (text: string) => text.length <= 254 && EMAIL.test(text);
