// A small resolved-tenant type for the setting-reads test.
export interface ResolvedTenant {
  name: string;
  search: { pageSize: number; sliders: { price: { min?: number; max?: number }; km: { min?: number; max?: number } } };
  stockFilter: { usedOnly: boolean; soldWithinDays: number; excludeMakes: string[] };
  promotions: { id: string; title: string; position?: number }[];
  analytics?: { tagId?: string; pixelId?: string };
  features: { compare: boolean; chat: boolean };
  unused: { never: string };
}
