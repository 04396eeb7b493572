// Send's options collection as the panel shows it, for the hints that name one of its options.
import { fieldWithPlace, type CollectionPlace } from './parameters';

export const SEND_OPTIONS: CollectionPlace = { displayName: 'Options', placeholder: 'Add Option' };

/** One of Send's options as a hint names it: "Max Pages (Options → Add Option → Max Pages)". */
export const sendOption = (option: string) => fieldWithPlace(SEND_OPTIONS, option);
