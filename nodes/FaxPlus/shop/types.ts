// Shapes of the Shop API's answers that the node reads, as the spec gives them.

/** One entry of GET /shop/numbers/countries. */
export interface CountryEntry {
	/** ISO 3166-1 alpha-2 code. */
	iso: string;
	name: string;
	/** Whether numbers can be purchased there. */
	is_available: boolean;
}
