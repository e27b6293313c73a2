# The installable package: each library folder under src/nsdkit is one component, exported as
# nsdkit::<component> in its own export set, with its public headers under
# include/nsdkit/<component>. nsdkitConfig.cmake (cmake/nsdkitConfig.cmake.in) loads the
# requested components, their nsdkit dependencies, and only the external packages those need.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(NSDKIT_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/nsdkit)

# nsdkit_install_component(<component> TARGET <target> [INTERNAL_HEADERS <header>...])
# Installs <target> as nsdkit::<component> and the component folder's headers except the
# internal ones (relative paths; they stay in the source tree, used by its .cpp files and tests).
function(nsdkit_install_component component)
  cmake_parse_arguments(ARG "" "TARGET" "INTERNAL_HEADERS" ${ARGN})
  set_target_properties(${ARG_TARGET} PROPERTIES EXPORT_NAME ${component}
                                                 OUTPUT_NAME nsdkit_${component})
  install(TARGETS ${ARG_TARGET} EXPORT nsdkit_${component}_targets
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT devel
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT runtime
          RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT runtime
          INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  install(EXPORT nsdkit_${component}_targets NAMESPACE nsdkit::
          FILE nsdkit_${component}_targets.cmake DESTINATION ${NSDKIT_INSTALL_CMAKEDIR}
          COMPONENT devel)
  file(GLOB_RECURSE headers RELATIVE ${CMAKE_CURRENT_SOURCE_DIR} CONFIGURE_DEPENDS
       ${CMAKE_CURRENT_SOURCE_DIR}/*.hpp)
  foreach(internal IN LISTS ARG_INTERNAL_HEADERS)
    if(NOT internal IN_LIST headers)
      message(FATAL_ERROR "nsdkit_install_component(${component}): no header ${internal}")
    endif()
  endforeach()
  if(ARG_INTERNAL_HEADERS)
    list(REMOVE_ITEM headers ${ARG_INTERNAL_HEADERS})
  endif()
  foreach(header IN LISTS headers)
    get_filename_component(subdir ${header} DIRECTORY)
    install(FILES ${header} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/nsdkit/${component}/${subdir}
            COMPONENT devel)
  endforeach()
  set_property(GLOBAL APPEND PROPERTY NSDKIT_INSTALLED_COMPONENTS ${component})
endfunction()

# The version header, package configuration and version files (called once, top level).
function(nsdkit_install_package)
  configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/nsdkitConfig.cmake.in
                                ${PROJECT_BINARY_DIR}/nsdkitConfig.cmake
                                INSTALL_DESTINATION ${NSDKIT_INSTALL_CMAKEDIR})
  write_basic_package_version_file(${PROJECT_BINARY_DIR}/nsdkitConfigVersion.cmake
                                   VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
  install(FILES ${PROJECT_BINARY_DIR}/nsdkitConfig.cmake
                ${PROJECT_BINARY_DIR}/nsdkitConfigVersion.cmake
                ${PROJECT_SOURCE_DIR}/cmake/FindSiconos.cmake
          DESTINATION ${NSDKIT_INSTALL_CMAKEDIR} COMPONENT devel)
  # The web engines' runners (nsdkit validate --engines web finds them in share/nsdkit; their
  # npm packages are installed there with `npm ci`, as ./nsdkit.sh deps does in the checkout).
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/engines/web/ DESTINATION ${CMAKE_INSTALL_DATADIR}/nsdkit/engines/web
          COMPONENT runtime PATTERN node_modules EXCLUDE)
endfunction()
