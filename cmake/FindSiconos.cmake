# FindSiconos
# -----------
# Finds the Debian packages of Siconos (libsiconos-{numerics,kernel,mechanics}-dev), which ship
# headers in /usr/include/siconos/{numerics,kernel,mechanics} but no usable CMake package
# configuration without the `siconos` runner package.
#
# Imported targets (include directories marked SYSTEM):
#   Siconos::numerics   libsiconos_numerics
#   Siconos::kernel     libsiconos_kernel   (links Siconos::numerics)
#   Siconos::mechanics  libsiconos_mechanics (links Siconos::kernel)
#   Siconos::Siconos    all of the above
#
# Result variables:
#   Siconos_FOUND, Siconos_INCLUDE_DIRS, Siconos_LIBRARIES, Siconos_VERSION (from SiconosConfig.h
#   when it defines the version macros).

find_path(Siconos_ROOT_INCLUDE_DIR NAMES SiconosConfig.h PATH_SUFFIXES siconos)
find_path(Siconos_KERNEL_INCLUDE_DIR NAMES SiconosKernel.hpp PATH_SUFFIXES siconos/kernel)
find_path(Siconos_NUMERICS_INCLUDE_DIR NAMES SiconosNumerics.h NumericsMatrix.h
          PATH_SUFFIXES siconos/numerics)
find_path(Siconos_MECHANICS_INCLUDE_DIR NAMES MechanicsFwd.hpp PATH_SUFFIXES siconos/mechanics)

find_library(Siconos_NUMERICS_LIBRARY NAMES siconos_numerics)
find_library(Siconos_KERNEL_LIBRARY NAMES siconos_kernel)
find_library(Siconos_MECHANICS_LIBRARY NAMES siconos_mechanics)
find_library(Siconos_EXTERNALS_LIBRARY NAMES siconos_externals)

if(Siconos_ROOT_INCLUDE_DIR AND EXISTS "${Siconos_ROOT_INCLUDE_DIR}/SiconosConfig.h")
  file(STRINGS "${Siconos_ROOT_INCLUDE_DIR}/SiconosConfig.h" _siconos_version_lines
       REGEX "#define SICONOS_(MAJOR|MINOR|PATCH)_VERSION")
  foreach(_part MAJOR MINOR PATCH)
    string(REGEX MATCH "SICONOS_${_part}_VERSION[ \t]+([0-9]+)" _m "${_siconos_version_lines}")
    set(_siconos_${_part} "${CMAKE_MATCH_1}")
  endforeach()
  if(NOT "${_siconos_MAJOR}" STREQUAL "")
    set(Siconos_VERSION "${_siconos_MAJOR}.${_siconos_MINOR}.${_siconos_PATCH}")
  endif()
endif()

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(
  Siconos
  REQUIRED_VARS Siconos_KERNEL_LIBRARY Siconos_NUMERICS_LIBRARY Siconos_MECHANICS_LIBRARY
                Siconos_ROOT_INCLUDE_DIR Siconos_KERNEL_INCLUDE_DIR Siconos_NUMERICS_INCLUDE_DIR
                Siconos_MECHANICS_INCLUDE_DIR
  VERSION_VAR Siconos_VERSION)

if(Siconos_FOUND)
  set(Siconos_INCLUDE_DIRS ${Siconos_ROOT_INCLUDE_DIR} ${Siconos_NUMERICS_INCLUDE_DIR}
                           ${Siconos_KERNEL_INCLUDE_DIR} ${Siconos_MECHANICS_INCLUDE_DIR})
  set(Siconos_LIBRARIES ${Siconos_MECHANICS_LIBRARY} ${Siconos_KERNEL_LIBRARY}
                        ${Siconos_NUMERICS_LIBRARY})
  if(NOT TARGET Siconos::numerics)
    add_library(Siconos::numerics SHARED IMPORTED)
    set_target_properties(Siconos::numerics PROPERTIES
      IMPORTED_LOCATION "${Siconos_NUMERICS_LIBRARY}"
      INTERFACE_SYSTEM_INCLUDE_DIRECTORIES "${Siconos_ROOT_INCLUDE_DIR};${Siconos_NUMERICS_INCLUDE_DIR}"
      INTERFACE_INCLUDE_DIRECTORIES "${Siconos_ROOT_INCLUDE_DIR};${Siconos_NUMERICS_INCLUDE_DIR}")
    if(Siconos_EXTERNALS_LIBRARY)
      set_property(TARGET Siconos::numerics APPEND PROPERTY
                   INTERFACE_LINK_LIBRARIES "${Siconos_EXTERNALS_LIBRARY}")
    endif()
  endif()
  if(NOT TARGET Siconos::kernel)
    add_library(Siconos::kernel SHARED IMPORTED)
    set_target_properties(Siconos::kernel PROPERTIES
      IMPORTED_LOCATION "${Siconos_KERNEL_LIBRARY}"
      INTERFACE_SYSTEM_INCLUDE_DIRECTORIES "${Siconos_KERNEL_INCLUDE_DIR}"
      INTERFACE_INCLUDE_DIRECTORIES "${Siconos_KERNEL_INCLUDE_DIR}"
      INTERFACE_LINK_LIBRARIES Siconos::numerics)
  endif()
  if(NOT TARGET Siconos::mechanics)
    add_library(Siconos::mechanics SHARED IMPORTED)
    set_target_properties(Siconos::mechanics PROPERTIES
      IMPORTED_LOCATION "${Siconos_MECHANICS_LIBRARY}"
      INTERFACE_SYSTEM_INCLUDE_DIRECTORIES "${Siconos_MECHANICS_INCLUDE_DIR}"
      INTERFACE_INCLUDE_DIRECTORIES "${Siconos_MECHANICS_INCLUDE_DIR}"
      INTERFACE_LINK_LIBRARIES Siconos::kernel)
  endif()
  if(NOT TARGET Siconos::Siconos)
    add_library(Siconos::Siconos INTERFACE IMPORTED)
    set_target_properties(Siconos::Siconos PROPERTIES INTERFACE_LINK_LIBRARIES Siconos::mechanics)
  endif()
endif()

mark_as_advanced(Siconos_ROOT_INCLUDE_DIR Siconos_KERNEL_INCLUDE_DIR Siconos_NUMERICS_INCLUDE_DIR
                 Siconos_MECHANICS_INCLUDE_DIR Siconos_NUMERICS_LIBRARY Siconos_KERNEL_LIBRARY
                 Siconos_MECHANICS_LIBRARY Siconos_EXTERNALS_LIBRARY)
