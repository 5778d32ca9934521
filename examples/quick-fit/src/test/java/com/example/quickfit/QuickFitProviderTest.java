package com.example.quickfit;

import io.heaplab.testkit.ProviderContract;

/** The plugin's provider keeps heaplab's provider contract: registered, named, cited, versioned, sound options. */
class QuickFitProviderTest extends ProviderContract {

    @Override
    protected Class<?> module() {
        return QuickFitProvider.class;
    }
}
