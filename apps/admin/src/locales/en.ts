import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';

/** The site's copy in English (es.ts has the same keys); loaded when English is picked. */
const messages: TranslationMessages = {
  ...englishMessages,
  resources: {
    products: {
      name: 'Product |||| Products',
      fields: {
        title: 'Name',
        short_description: 'Short description',
        description: 'Description',
        price: 'Price (S/)',
        coin_price: 'Price in coins',
        brand: 'Brand',
        sku: 'SKU',
        category: 'Category',
        category_uid: 'Category',
        is_active: 'Active',
        is_redeemable: 'Redeemable with coins',
        direct_purchase: 'Direct purchase',
        option_groups: 'Option groups',
        options: 'Options',
        name: 'Name',
        min: 'Minimum',
        max: 'Maximum',
        q: 'Search',
      },
    },
    categories: {
      name: 'Category |||| Categories',
      fields: { name: 'Name', color: 'Colour', position: 'Order', products_count: 'Products', q: 'Search' },
    },
    availability: {
      name: 'Availability |||| Availability',
      fields: {
        product: 'Product',
        place: 'Place',
        available: 'Sold here',
        stock: 'Stock',
        sold_out: 'Sold out now',
      },
    },
    places: { name: 'Place |||| Places' },
    'audit-log': {
      name: 'Audit log |||| Audit log',
      fields: {
        created_at: 'When',
        user: 'Who',
        action: 'Action',
        object_type: 'Type',
        object_uid: 'Object',
        since: 'From',
        until: 'Until',
      },
    },
  },
  admin: {
    login: { title: 'Manage your shop' },
    company: {
      pick: 'Pick a company',
      switch: 'Switch company',
      none: 'You hold no owner or manager role in any company.',
    },
    roles: { owner: 'Owner', manager: 'Manager' },
    picture: {
      current: 'Current picture',
      new: 'New picture',
      help: 'JPEG, PNG or WebP of up to 10 MB; uploaded when you save.',
    },
    conflict:
      'Someone else changed this record while you were editing it. Your changes are still in the form: copy them, reload the page to see the current data, and save again.',
    validation: {
      money: 'Write an amount such as 12 or 12.50',
      colour: 'Write a colour such as #C62828',
    },
    products: {
      duplicate: 'Duplicate',
      duplicated: 'Product duplicated: you are editing the copy',
      group_name: 'Group name',
      group_min: 'Minimum to pick',
      group_max: 'Maximum to pick',
      option_name: 'Option',
      option_price: 'Extra price (S/)',
    },
    availability: {
      saved: 'Availability saved',
      sold_out_done: 'Marked as sold out',
      back_on_sale: 'On sale again',
      unlimited: 'Unlimited',
      sells: '%{place} sells %{product}',
      sold_out_now: '%{product} sold out now at %{place}',
      stock_of: 'Stock of %{product} at %{place}',
    },
    audit: {
      before: 'Before',
      after: 'After',
      actions: { create: 'Created', update: 'Changed', delete: 'Deleted' },
      types: {
        category: 'Category',
        product: 'Product',
        availability: 'Availability',
        place: 'Place',
        settings: 'Settings',
        staff: 'Staff',
      },
    },
  },
};

export default messages;
