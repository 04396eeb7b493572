// Shapes of the API's answers, as the spec gives them.

export interface AccountPlan {
	plan_type: 'free' | 'basic' | 'premium' | 'business' | 'enterprise' | 'unknown';
	is_admin: boolean;
	is_owner: boolean;
}
