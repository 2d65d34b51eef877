import type { TEstablishment, TLocation } from '@armazem/contracts/places';
import { api } from './api.ts';

/**
 * The business's establishments and locations (DESIGN.md §6.3), read by several features: the settings keep them,
 * the stock screens, the movement forms and the kardex choose among them.
 */
export const placesLookupApi = api.injectEndpoints({
  endpoints: (build) => ({
    establishments: build.query<TEstablishment[], void>({
      query: () => '/establishments/v1',
      providesTags: ['Settings'],
    }),
    locations: build.query<TLocation[], void>({
      query: () => '/locations/v1',
      providesTags: ['Settings'],
    }),
  }),
});

export const { useEstablishmentsQuery, useLocationsQuery } = placesLookupApi;

export interface Places {
  /** active establishments, each with its active locations, in the API's order */
  groups: Array<{ establishment: TEstablishment; locations: TLocation[] }>;
  /** every active location */
  locations: TLocation[];
  /** more than one active location: only then do the screens ask or show where */
  several: boolean;
}

/** The active places, grouped by establishment; `several` says whether choosing one makes sense. */
export function usePlaces(): Places {
  const { data: establishments = [] } = useEstablishmentsQuery();
  const { data: allLocations = [] } = useLocationsQuery();
  const groups = establishments
    .filter((establishment) => establishment.status === 'active')
    .map((establishment) => ({
      establishment,
      locations: allLocations.filter(
        (location) => location.establishmentId === establishment.id && location.status === 'active',
      ),
    }))
    .filter((group) => group.locations.length > 0);
  const locations = groups.flatMap((group) => group.locations);
  return { groups, locations, several: locations.length > 1 };
}
