/**
 * A price table for the relay's tests, as content/pricing.yaml gives one (the
 * docs' example's bond cleaning, in part): its figures are examples, not the
 * business's prices. A bond clean of a two-storey house with 3 bedrooms and 2
 * bathrooms, 3 rooms of carpet and an oven comes to 490 + 40 + 60 + 3 × 45 +
 * 60 = $785.
 */
import type { PriceTable } from "../../shared/pricing/table.ts";

export const TEST_PRICES: PriceTable = {
  reviewed: "1 December 2026",
  gstIncluded: true,
  rounding: { to: 5, direction: "up" },
  assumptions: ["Power and water are on at the property on the day."],
  services: [
    {
      service: "bond-cleaning",
      byRooms: [{ bedrooms: 3, bathrooms: 2, price: 490 }],
      modifiers: {
        propertyType: { apartment: 0, townhouse: 20, house: 40 },
        storeys: [{ storeys: 2, add: 60 }],
      },
      addOns: [
        { id: "carpet-steam", label: "Carpet steam cleaning", unit: "room", price: 45, max: 6 },
        { id: "oven", label: "Oven clean", unit: "oven", price: 60, max: 2 },
      ],
      callUsAbove: { bedrooms: 4, bathrooms: 3, storeys: 2, total: 1500 },
      minimum: 250,
      assumptions: [],
    },
  ],
};
