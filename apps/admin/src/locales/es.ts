import type { TranslationMessages } from 'react-admin';
import { raSpanish } from './ra-es.ts';

/** The site's copy in Spanish (en.ts has the same keys). */
const messages: TranslationMessages = {
  ...raSpanish,
  resources: {
    products: {
      name: 'Producto |||| Productos',
      fields: {
        title: 'Nombre',
        short_description: 'Descripción corta',
        description: 'Descripción',
        price: 'Precio (S/)',
        coin_price: 'Precio en monedas',
        brand: 'Marca',
        sku: 'SKU',
        category: 'Categoría',
        category_uid: 'Categoría',
        is_active: 'Activo',
        is_redeemable: 'Canjeable con monedas',
        direct_purchase: 'Compra directa',
        option_groups: 'Grupos de opciones',
        options: 'Opciones',
        name: 'Nombre',
        min: 'Mínimo',
        max: 'Máximo',
        q: 'Buscar',
      },
    },
    categories: {
      name: 'Categoría |||| Categorías',
      fields: { name: 'Nombre', color: 'Color', position: 'Orden', products_count: 'Productos', q: 'Buscar' },
    },
    availability: {
      name: 'Disponibilidad |||| Disponibilidad',
      fields: {
        product: 'Producto',
        place: 'Local',
        available: 'Se vende',
        stock: 'Stock',
        sold_out: 'Agotado ahora',
      },
    },
    places: { name: 'Local |||| Locales' },
    'audit-log': {
      name: 'Registro de cambios |||| Registro de cambios',
      fields: {
        created_at: 'Fecha',
        user: 'Quién',
        action: 'Acción',
        object_type: 'Tipo',
        object_uid: 'Objeto',
        since: 'Desde',
        until: 'Hasta',
      },
    },
  },
  admin: {
    login: { title: 'Administración de tu tienda' },
    company: {
      pick: 'Elige una empresa',
      switch: 'Cambiar de empresa',
      none: 'No tienes un rol de dueño o administrador en ninguna empresa.',
    },
    roles: { owner: 'Dueño', manager: 'Administrador' },
    picture: {
      current: 'Imagen actual',
      new: 'Nueva imagen',
      help: 'JPEG, PNG o WebP de hasta 10 MB; se sube al guardar.',
    },
    conflict:
      'Alguien más cambió este registro mientras lo editabas. Tus cambios siguen en el formulario: cópialos, recarga la página para ver los datos actuales y vuelve a guardar.',
    validation: {
      money: 'Escribe un monto como 12 o 12.50',
      colour: 'Escribe un color como #C62828',
    },
    products: {
      duplicate: 'Duplicar',
      duplicated: 'Producto duplicado: estás editando la copia',
      group_name: 'Nombre del grupo',
      group_min: 'Mínimo a elegir',
      group_max: 'Máximo a elegir',
      option_name: 'Opción',
      option_price: 'Precio extra (S/)',
    },
    availability: {
      saved: 'Disponibilidad guardada',
      sold_out_done: 'Marcado como agotado',
      back_on_sale: 'De nuevo a la venta',
      unlimited: 'Ilimitado',
      sells: '%{place} vende %{product}',
      sold_out_now: '%{product} agotado ahora en %{place}',
      stock_of: 'Stock de %{product} en %{place}',
    },
    audit: {
      before: 'Antes',
      after: 'Después',
      actions: { create: 'Creó', update: 'Cambió', delete: 'Eliminó' },
      types: {
        category: 'Categoría',
        product: 'Producto',
        availability: 'Disponibilidad',
        place: 'Local',
        settings: 'Configuración',
        staff: 'Personal',
      },
    },
  },
};

export default messages;
