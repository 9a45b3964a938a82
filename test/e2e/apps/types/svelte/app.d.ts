/// <reference types="booking-widget/types/svelte" />
