// Shapes of the Shop API's answers, as the spec gives them.

/** GET /shop/balance */
export interface Balance {
	amount: number;
	/** Currency code, e.g. USD. */
	currency: string;
}

/** One entry of GET /shop/numbers/countries. */
export interface CountryEntry {
	/** ISO 3166-1 alpha-2 code. */
	iso: string;
	name: string;
	/** Whether numbers can be purchased there. */
	is_available: boolean;
}

/** GET /shop/numbers/countries */
export interface CountriesAnswer {
	countries: CountryEntry[];
}

/** Where a number of an offer is. */
export interface GeographicArea {
	area_code: string;
	geographic_area: string;
	city: string;
}

/** One entry of the number search. Allowed values of type and availability are not given by the spec. */
export interface NumberOffer {
	type: string;
	currency: string;
	availability: string;
	item: {
		/** Sent as `item_id` to purchase the number. */
		id: string;
		country: string;
		number: string;
		country_code: string;
		geographic_area: GeographicArea;
	};
	price: number;
	monthly_fee: number;
	number_of_months: number;
}

/** GET /shop/numbers/countries/{country_code}/areas/{calling_code}/numbers */
export interface NumbersAnswer {
	numbers: NumberOffer[];
}

/** How the number search picks numbers. */
export type NumberSearchChannel = 'random' | 'custom';

/** Body of POST /shop/numbers/purchase. */
export interface PurchaseRequest {
	item_id: string;
}

/** POST /shop/numbers/purchase */
export interface PurchaseAnswer {
	/** The purchased number. */
	number: string;
}
