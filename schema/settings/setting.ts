/** What a setting is: its variable, the kind its value is read as, its default and what it means. */
export type Kind = 'string' | 'int' | 'bool' | 'list' | 'url' | 'usd';

export interface Setting {
  readonly env: string;
  readonly kind: Kind;
  readonly default: string | ((env: Environment) => string);
  readonly doc: string;
}

export type Environment = 'development' | 'test' | 'production';
