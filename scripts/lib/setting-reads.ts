import path from 'node:path';
// The type checker's API: TypeScript 7 (the project's compiler) has no JavaScript API yet, so this
// reads the project with TypeScript 5's, whose checking of this code is the same.
import ts from 'typescript-compiler-api';
import { ITEM_LABEL_KEYS } from '../../editor/shared/item-label.ts';
import { derefSchema, featureFlagName, TENANT_SCHEMA, type SchemaNode } from '../../schema/resolve.ts';
import { SETTING_READER_DIRS, SETTING_READER_EXCLUDE, type SettingLeaf } from '../../schema/unread-settings.ts';

/*
 * Which tenant settings does code read, by the type checker rather than by text: a setting is read
 * when a property access, element access or destructuring in the product's code resolves to that
 * setting's declaration in the resolved tenant's types (schema/resolved-tenant.gen.ts, or the
 * tenant file's, schema/tenant.gen.ts). A setting handed on whole to code with its own type (the
 * domain's `StockFilterSettings`, a component's props) is followed: each property of the value is
 * paired by name with the property of the type it is handed to (a call's argument, a typed
 * variable, a returned value, an object literal's property, a JSX attribute), and the setting is
 * read when that property is. A feature switch is read when its compiled-in constant
 * (`__FEATURE_COMPARE__`) appears. Reading through `any`, or walking an object's keys at run
 * time, is not seen: such code should name the settings it reads.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const DEFAULT_GEN_FILES = ['schema/resolved-tenant.gen.ts', 'schema/tenant.gen.ts'].map((file) => path.join(ROOT, file));
const MAX_DEPTH = 12;

const declsOf = (symbol: ts.Symbol | undefined): readonly ts.Node[] => symbol?.declarations ?? [];

/** A reader source file of SETTING_READER_DIRS (not a test, generated file or fixture). */
function isReader(fileName: string): boolean {
  const rel = path.relative(ROOT, fileName).split(path.sep).join('/');
  return SETTING_READER_DIRS.some((dir) => rel.startsWith(`${dir}/`)) && !SETTING_READER_EXCLUDE.test(`/${rel}`) && !rel.split('/').some((seg) => seg.startsWith('.'));
}

/** A tsconfig file as the compiler reads it (undefined when it cannot be read). */
function parseConfig(file: string): ts.ParsedCommandLine | undefined {
  return ts.getParsedCommandLineOfConfigFile(file, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
}

/**
 * Every source file of the repository's TypeScript projects (tsconfig.json's references): the
 * site's, the editor renderer's and the pure rules' files are checked in their own projects and
 * are no longer listed by tsconfig.node.json, which sees them through their declarations.
 */
function repositoryFiles(): string[] {
  const solution = parseConfig(path.join(ROOT, 'tsconfig.json'));
  if (!solution) throw new Error('tsconfig.json: cannot be read');
  const files = new Set<string>();
  for (const reference of solution.projectReferences ?? []) {
    const project = parseConfig(ts.resolveProjectReferencePath(reference));
    if (!project) throw new Error(`${path.relative(ROOT, reference.path)}: cannot be read`);
    for (const file of project.fileNames) files.add(file);
  }
  return [...files];
}

/** What to read: the project (by default the repository's: every file of its projects, with tsconfig.node.json's options, which allow every folder's code). */
export interface SettingReadsOptions {
  /** Source files to type-check; default: the repository's files that are readers or declare the tenant's types. */
  rootNames?: readonly string[];
  /** Files declaring `ResolvedTenant` / `TenantConfig`; default: schema/*.gen.ts. */
  genFiles?: readonly string[];
  /** Which files count as readers; default: SETTING_READER_DIRS without tests and generated files. */
  isReader?: (fileName: string) => boolean;
}

/** The paths of the settings the product's code reads, and the feature switches it names. */
export function settingsReadByCode(leaves: readonly SettingLeaf[], options: SettingReadsOptions = {}): Set<string> {
  const config = parseConfig(path.join(ROOT, 'tsconfig.node.json'));
  if (!config) throw new Error('tsconfig.node.json: cannot be read');
  const GEN_FILES = (options.genFiles ?? DEFAULT_GEN_FILES).map((file) => path.resolve(file));
  const readerFile = options.isReader ?? isReader;
  // The readers and the tenant's types, with what they import: not the tests, which read no
  // setting for the product and are a third of the files to parse.
  const rootNames = options.rootNames ? [...options.rootNames] : repositoryFiles().filter((file) => readerFile(file) || GEN_FILES.includes(path.resolve(file)));
  // Without the project references: the program reads the sources themselves, not the declarations
  // another project emits.
  const program = ts.createProgram({ rootNames, options: { ...config.options, noEmit: true, composite: false, incremental: false } });
  const checker = program.getTypeChecker();

  // 1. Each property declaration of the tenant's types, with the setting paths it stands for.
  const pathsOf = new Map<ts.Declaration, Set<string>>();
  const rootTypes = GEN_FILES.flatMap((file) => {
    const source = program.getSourceFiles().find((f) => path.resolve(f.fileName) === file);
    if (!source) return [];
    const decl = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && (s.name.text === 'ResolvedTenant' || s.name.text === 'TenantConfig'));
    return decl ? [checker.getTypeAtLocation(decl.name)] : [];
  });
  const walk = (type: ts.Type, prefix: string, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    for (const member of type.isUnion() ? type.types : [type]) {
      const element = checker.isArrayType(member) ? checker.getTypeArguments(member as ts.TypeReference)[0] : undefined;
      if (element) {
        walk(element, `${prefix}[]`, depth + 1);
        continue;
      }
      if (!(member.flags & ts.TypeFlags.Object) || checker.isTupleType(member)) continue;
      for (const prop of checker.getPropertiesOfType(member)) {
        const decl = prop.valueDeclaration ?? prop.declarations?.[0];
        if (!decl || !GEN_FILES.includes(path.resolve(decl.getSourceFile().fileName))) continue;
        const at = prefix ? `${prefix}.${prop.name}` : prop.name;
        let set = pathsOf.get(decl);
        if (!set) pathsOf.set(decl, (set = new Set()));
        if (set.has(at)) continue;
        set.add(at);
        walk(checker.getTypeOfSymbolAtLocation(prop, decl), at, depth + 1);
      }
    }
  };
  for (const type of rootTypes) walk(type, '', 0);

  // 2. Every property symbol code reads, and where a value is handed to a property of another type.
  // Keyed by declaration: a property reached through Pick<>, a union or an intersection is a
  // different symbol object with the same declaration.
  const readDecls = new Set<ts.Node>();
  const handedTo = new Map<ts.Node, Set<ts.Node>>();
  const markRead = (symbol: ts.Symbol | undefined) => {
    for (const decl of declsOf(symbol)) readDecls.add(decl);
  };
  const flags = new Set<string>();
  const symbolOf = (node: ts.Node): ts.Symbol | undefined => {
    const symbol = checker.getSymbolAtLocation(node);
    return symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  };
  // A generic parameter (`P extends Promotion`) is read through its constraint.
  const concrete = (type: ts.Type): ts.Type => (type.flags & ts.TypeFlags.TypeParameter ? (checker.getBaseConstraintOfType(type) ?? type) : type);
  const pair = (given: ts.Type, target: ts.Type, depth: number, seen: Set<ts.Type>): void => {
    // An optional setting's value is the setting or undefined: its properties are the setting's.
    const source = checker.getNonNullableType(given);
    if (depth > 4 || seen.has(source)) return;
    seen.add(source);
    const targets = (target.isUnion() ? target.types : [target]).map(concrete).flatMap((t) => (t.isUnion() ? t.types : [t])).filter((t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)));
    // A list handed on whole: its items are handed to the target list's items.
    const item = checker.getIndexTypeOfType(source, ts.IndexKind.Number);
    if (item && checker.isArrayLikeType(source)) {
      for (const t of targets) {
        const into = checker.getIndexTypeOfType(t, ts.IndexKind.Number);
        if (into) pair(item, into, depth + 1, seen);
      }
      return;
    }
    for (const prop of checker.getPropertiesOfType(source)) {
      const decl = prop.valueDeclaration ?? prop.declarations?.[0];
      if (!decl) continue;
      for (const t of targets) {
        const into = checker.getPropertyOfType(t, prop.name);
        if (!into || into === prop) continue;
        for (const own of declsOf(prop)) {
          let set = handedTo.get(own);
          if (!set) handedTo.set(own, (set = new Set()));
          for (const to of declsOf(into)) if (to !== own) set.add(to);
        }
        const intoDecl = into.valueDeclaration ?? into.declarations?.[0];
        if (intoDecl) pair(checker.getTypeOfSymbolAtLocation(prop, decl), concrete(checker.getTypeOfSymbolAtLocation(into, intoDecl)), depth + 1, seen);
      }
    }
  };
  const handOn = (expression: ts.Expression, declared?: ts.Type): void => {
    // Only an object can carry settings on: a text, number or flag is not asked its contextual
    // type, the dearest question here (most of it in JSX attributes).
    const source = checker.getNonNullableType(checker.getTypeAtLocation(expression));
    if (!(source.flags & ts.TypeFlags.Object)) return;
    const target = declared ?? checker.getContextualType(expression);
    if (!target || source === target) return;
    pair(source, target, 0, new Set());
  };
  // A call's arguments go to its parameters as declared (a generic function's own parameter
  // types, not the instantiation, which would be the argument's type again).
  const handOnArguments = (call: ts.CallExpression | ts.NewExpression): void => {
    if (!call.arguments?.length) return;
    const declaration = checker.getResolvedSignature(call)?.getDeclaration();
    const parameters = declaration && !ts.isJSDocSignature(declaration) ? declaration.parameters : undefined;
    call.arguments?.forEach((argument, index) => {
      const parameter = parameters?.[Math.min(index, parameters.length - 1)];
      handOn(argument, parameter?.type ? checker.getTypeFromTypeNode(parameter.type) : undefined);
    });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node)) {
      markRead(symbolOf(node.name));
    } else if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression)) {
      markRead(symbolOf(node.argumentExpression));
    } else if (ts.isElementAccessExpression(node)) {
      // A key held in a variable: every property its type allows (`sliders[attribute]` with
      // attribute 'price' | 'km' reads both).
      const key = checker.getTypeAtLocation(node.argumentExpression);
      const object = checker.getTypeAtLocation(node.expression);
      for (const member of key.isUnion() ? key.types : [key]) {
        if (member.isStringLiteral()) markRead(checker.getPropertyOfType(object, member.value));
      }
    } else if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
      const name = node.propertyName ?? node.name;
      const parentType = checker.getTypeAtLocation(node.parent);
      if (ts.isIdentifier(name) || ts.isStringLiteral(name)) {
        markRead(checker.getPropertyOfType(parentType, name.text));
      }
    } else if (ts.isIdentifier(node) && node.text.startsWith('__FEATURE_')) {
      flags.add(node.text);
    }
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) handOnArguments(node);
    else if (ts.isVariableDeclaration(node) && node.initializer && node.type) handOn(node.initializer);
    else if (ts.isReturnStatement(node) && node.expression) handOn(node.expression);
    else if (ts.isArrowFunction(node) && !ts.isBlock(node.body)) handOn(node.body);
    else if (ts.isPropertyAssignment(node)) handOn(node.initializer);
    else if (ts.isShorthandPropertyAssignment(node)) handOn(node.name);
    else if (ts.isSpreadAssignment(node)) handOn(node.expression);
    else if (ts.isJsxExpression(node) && node.expression && ts.isJsxAttribute(node.parent)) handOn(node.expression);
    ts.forEachChild(node, visit);
  };
  for (const source of program.getSourceFiles()) if (readerFile(source.fileName)) visit(source);

  // 3. A setting is read when its own property is, or a property it is handed to is (transitively).
  const isRead = (decl: ts.Node, seen: Set<ts.Node>): boolean => {
    if (readDecls.has(decl)) return true;
    if (seen.has(decl)) return false;
    seen.add(decl);
    for (const next of handedTo.get(decl) ?? []) if (isRead(next, seen)) return true;
    return false;
  };
  const read = new Set<string>();
  for (const [decl, paths] of pathsOf) if (isRead(decl, new Set())) for (const p of paths) read.add(p);
  for (const leaf of leaves) {
    if (leaf.parent === 'features' && leaf.path === `features.${leaf.key}` && flags.has(featureFlagName(leaf.key))) read.add(leaf.path);
  }
  return read;
}

/** The schema node of a leaf's dotted path (`promotions[].title`), or undefined. */
function nodeAt(leafPath: string, schema: SchemaNode): SchemaNode | undefined {
  let node: SchemaNode | undefined = schema;
  for (const token of leafPath.split('.')) {
    const isList = token.endsWith('[]');
    node = node && derefSchema(node, schema).properties?.[isList ? token.slice(0, -2) : token];
    if (node && isList) node = derefSchema(node, schema).items;
    if (!node) return undefined;
  }
  return derefSchema(node, schema);
}

/**
 * The settings the editor shows as the name of a list item (editor/shared/item-label.ts): every
 * text setting of a list item whose key is one of ITEM_LABEL_KEYS. The editor finds them by key at
 * run time, which the type checker cannot follow, so they are counted here.
 * @param leaves settingLeaves()
 * @param schema the tenant schema
 */
export function settingsReadAsItemLabels(leaves: readonly SettingLeaf[], schema: SchemaNode = TENANT_SCHEMA): Set<string> {
  const labelKeys: ReadonlySet<string> = new Set(ITEM_LABEL_KEYS);
  return new Set(leaves.filter((leaf) => leaf.inArray && labelKeys.has(leaf.key) && nodeAt(leaf.path, schema)?.type === 'string').map((leaf) => leaf.path));
}

/**
 * Every setting something reads: the product's code (type checker) and the editor's list-item names.
 * @param leaves settingLeaves()
 * @param schema the tenant schema
 */
export function settingsRead(leaves: readonly SettingLeaf[], schema: SchemaNode = TENANT_SCHEMA): Set<string> {
  return new Set([...settingsReadByCode(leaves), ...settingsReadAsItemLabels(leaves, schema)]);
}
