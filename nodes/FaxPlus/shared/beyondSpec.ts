/**
 * Ends the picker description of each operation that Fax.Plus's public SDK documentation
 * shows but the published v3.5 spec does not, so users can tell them apart.
 */
export const BEYOND_SPEC = ' (beyond the published v3.5 spec)';
