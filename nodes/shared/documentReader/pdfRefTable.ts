// Numbers by object reference in sorted typed arrays: a lookup costs the same whatever numbers a
// document chooses (V8 hashes integer keys without a seed, so a Map by them can be flooded).
import { unreadable, type PdfRef } from './pdfSyntax';

/** Generations are below 2^17 (the lexer reads five digits); numbers below 2^36 keep keys exact. */
const GENERATIONS = 2 ** 17;
const NUMBERS = 2 ** 36;
/** Entries added since the arrays were last sorted: each lookup looks through them. */
const PENDING = 256;

export function refKey(ref: PdfRef): number {
	return ref.ref < NUMBERS ? ref.ref * GENERATIONS + ref.gen : unreadable();
}

/** The index of the last of the ascending `values` at or before `at` (-1: none). */
export function lastAtOrBefore(values: ArrayLike<number>, at: number): number {
	let [low, high] = [0, values.length - 1];
	while (low <= high) {
		const middle = (low + high) >> 1;
		if (values[middle] <= at) low = middle + 1;
		else high = middle - 1;
	}
	return high;
}

export class RefTable {
	private keys = new Float64Array(0);
	private values = new Float64Array(0);
	private pendingKeys: number[] = [];
	private pendingValues: number[] = [];

	get(ref: PdfRef): number | undefined {
		const key = refKey(ref);
		const at = lastAtOrBefore(this.keys, key);
		if (at >= 0 && this.keys[at] === key) return this.values[at];
		const pending = this.pendingKeys.indexOf(key);
		return pending < 0 ? undefined : this.pendingValues[pending];
	}

	has(ref: PdfRef): boolean {
		return this.get(ref) !== undefined;
	}

	/** Sets `ref`'s number where it has none. */
	add(ref: PdfRef, value: number): void {
		if (this.has(ref)) return;
		this.pendingKeys.push(refKey(ref));
		this.pendingValues.push(value);
		if (this.pendingKeys.length >= PENDING) this.merge();
	}

	private merge(): void {
		const order = this.pendingKeys.map((_, index) => index);
		order.sort((a, b) => this.pendingKeys[a] - this.pendingKeys[b]);
		const length = this.keys.length + order.length;
		const [keys, values] = [new Float64Array(length), new Float64Array(length)];
		let [old, added] = [0, 0];
		for (let at = 0; at < length; at++) {
			const takeOld =
				added >= order.length ||
				(old < this.keys.length && this.keys[old] < this.pendingKeys[order[added]]);
			if (takeOld) [keys[at], values[at]] = [this.keys[old], this.values[old++]];
			else {
				const index = order[added++];
				[keys[at], values[at]] = [this.pendingKeys[index], this.pendingValues[index]];
			}
		}
		[this.keys, this.values, this.pendingKeys, this.pendingValues] = [keys, values, [], []];
	}
}
