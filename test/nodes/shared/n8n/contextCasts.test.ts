/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not node code: it reads the source tree with TypeScript's compiler */
// No cast of an n8n context or helper outside nodes/shared/n8n/: what n8n-workflow's types do not promise
// lives there, with the releases it was read on. A cast here is an `as` or `<T>` whose operand or
// target type is a context or helper: one of n8n-workflow's function types (a name with
// "Functions": IExecuteFunctions, IPollFunctions, FunctionsBase, and RequestHelperFunctions... of
// their helpers) or an object with getNode() (our own shapes of a context, as log.ts's), alone, in
// a union or in an intersection: `this`, a context or `context.helpers`, not what they return.
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

const ROOT = join(__dirname, '../../../..');
const ADAPTER = join(ROOT, 'nodes', 'shared', 'n8n') + sep;

function sources(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) return sources(path);
		return entry.name.endsWith('.ts') ? [path] : [];
	});
}

/** The source tree with `planted` files added, typed with n8n-workflow's declarations. */
function programOf(planted: Record<string, string>): ts.Program {
	const options: ts.CompilerOptions = {
		strict: true,
		module: ts.ModuleKind.CommonJS,
		moduleResolution: ts.ModuleResolutionKind.Node10,
		target: ts.ScriptTarget.ES2022,
		lib: ['lib.es2022.d.ts'],
		types: [],
		noEmit: true,
	};
	const host = ts.createCompilerHost(options);
	const read = host.getSourceFile.bind(host);
	// Only n8n-workflow's declarations decide; other packages' are read as empty (seconds, not tens).
	const needed = (file: string) =>
		!/[\\/]node_modules[\\/]/.test(file) ||
		/[\\/]node_modules[\\/](n8n-workflow|typescript)[\\/]/.test(file);
	host.getSourceFile = (file, language, ...rest) =>
		file in planted
			? ts.createSourceFile(file, planted[file], language)
			: needed(file)
				? read(file, language, ...rest)
				: ts.createSourceFile(file, 'export {};', language);
	const files = [...sources(join(ROOT, 'nodes')), ...sources(join(ROOT, 'credentials'))];
	return ts.createProgram([...files, ...Object.keys(planted)], options, host);
}

/** An n8n context or helper: one of n8n-workflow's function types, or our shape of a context (it has getNode()). */
function isContext(type: ts.Type, seen = new Set<ts.Type>()): boolean {
	if (seen.has(type)) return false;
	seen.add(type);
	for (const symbol of [type.aliasSymbol, type.getSymbol()]) {
		const file = symbol?.declarations?.[0]?.getSourceFile().fileName ?? '';
		if (symbol && /Functions/.test(symbol.name) && /[\\/]n8n-workflow[\\/]/.test(file)) return true;
	}
	if (type.isUnionOrIntersection()) return type.types.some((member) => isContext(member, seen));
	return type.getProperty('getNode') !== undefined;
}

/** Each cast of an n8n context or helper outside nodes/shared/n8n/, as "file:line text". */
function contextCasts(program: ts.Program): string[] {
	const checker = program.getTypeChecker();
	const found: string[] = [];
	for (const file of program.getSourceFiles()) {
		if (!file.fileName.startsWith(ROOT) || /[\\/]node_modules[\\/]/.test(file.fileName)) continue;
		if (file.fileName.startsWith(ADAPTER)) continue;
		const visit = (node: ts.Node) => {
			if (
				(ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) &&
				!(ts.isTypeReferenceNode(node.type) && node.type.typeName.getText() === 'const') &&
				(isContext(checker.getTypeAtLocation(node.expression)) ||
					isContext(checker.getTypeFromTypeNode(node.type)))
			) {
				const line = file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
				found.push(`${relative(ROOT, file.fileName)}:${line} ${node.getText()}`);
			}
			ts.forEachChild(node, visit);
		};
		visit(file);
	}
	return found;
}

describe('casts of an n8n context or helper', () => {
	// Planted beside the real files: each line marked "cast" must be found, the others not.
	const planted = `
		import type { IDataObject, IExecuteFunctions, IPollFunctions } from 'n8n-workflow';
		type Polling = IPollFunctions | IExecuteFunctions;
		export function planted(this: IExecuteFunctions, context: Polling, log: { getNode(): unknown }) {
			const budget = (context as Partial<IPollFunctions>).getPollBudgetMs; // cast
			const helpers = this.helpers as Partial<IExecuteFunctions['helpers']>; // cast
			const data = (this as unknown as { customData?: unknown }).customData; // cast
			const shadow = {} as IPollFunctions; // cast
			const old = <IExecuteFunctions>(<unknown>context); // cast
			const shaped = log as { logger?: unknown }; // cast
			const options = this.getNodeParameter('options', 0) as IDataObject;
			const parsed = JSON.parse('{}') as { id?: string };
			const kinds = ['a', 'b'] as const;
			return [budget, helpers, data, shadow, old, shaped, options, parsed, kinds];
		}
	`;
	const outside = join(ROOT, 'nodes', 'FaxPlus', 'shared', 'planted.ts');
	const inside = join(ADAPTER, 'planted.ts');
	const found = contextCasts(programOf({ [outside]: planted, [inside]: planted }));
	const plantedPath = relative(ROOT, outside);

	it('finds none outside nodes/shared/n8n/', () => {
		expect(found.filter((cast) => !cast.startsWith(plantedPath))).toEqual([]);
	});

	it('finds each planted cast outside nodes/shared/n8n/, and nothing else (positive control)', () => {
		const marked = planted
			.split('\n')
			.flatMap((text, index) => (text.includes('// cast') ? [index + 1] : []));
		const lines = found
			.filter((cast) => cast.startsWith(plantedPath))
			.map((cast) => Number(/:(\d+) /.exec(cast)?.[1]));
		// `<IExecuteFunctions>(<unknown>context)` holds two casts: of the context, and to a context.
		expect([...new Set(lines)]).toEqual(marked);
	});
});
